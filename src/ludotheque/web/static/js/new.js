// The new-game form: show one seat row per player.
const players = document.getElementById("players");
function update() {
  const n = Number(players.value);
  for (const row of document.querySelectorAll(".seat-row")) {
    const shown = Number(row.dataset.seat) < n;
    row.hidden = !shown;
    const select = row.querySelector("select");
    select.disabled = !shown;
    // A name is asked only for the players at this device.
    row.querySelector("input").hidden = select.value !== "me";
    // A deck is picked here for this device's seats and the bots'; an open seat's player
    // picks theirs when sitting.
    const deck = row.querySelector(".seat-deck");
    if (deck) deck.hidden = deck.disabled = !shown || select.value === "open";
  }
}
for (const select of document.querySelectorAll(".seat-row select")) {
  select.addEventListener("change", update);
}
players.addEventListener("change", update);
update();

// A guest's deck lives in this browser (the deck builder's localStorage): sent as text.
const form = document.getElementById("new-game");
form.addEventListener("submit", () => {
  const kept = JSON.parse(localStorage.getItem(`ludo.deck.${form.dataset.kind}`) || "{}");
  for (const deck of form.querySelectorAll(".seat-deck")) {
    const text = form.querySelector(`input[name="deck_text_${deck.name.slice(5)}"]`);
    text.value = deck.value === "browser" ? kept.text || "" : "";
  }
});
