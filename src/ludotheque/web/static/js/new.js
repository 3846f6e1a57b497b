// The new-game form: show one seat row (and one engine row, under "Options avancées") per
// player.
const players = document.getElementById("players");
function update() {
  const n = Number(players.value);
  for (const row of document.querySelectorAll(".seat-row, .engine-row")) {
    const shown = Number(row.dataset.seat) < n;
    row.hidden = !shown;
    const select = row.querySelector("select");
    select.disabled = !shown;
    // A name is asked only for the players at this device.
    const name = row.querySelector("input");
    if (name) name.hidden = select.value !== "me";
    // A deck is picked here for each seat; an open seat's player may pick theirs when
    // sitting (only a ready-made deck is offered there: the creator's own stay theirs).
    const deck = row.querySelector(".seat-deck");
    if (deck) {
      deck.disabled = !shown;
      const open = select.value === "open";
      for (const option of deck.options) {
        option.hidden = option.disabled = open && !/^(ready|setup):/.test(option.value);
      }
      if (deck.selectedOptions[0]?.disabled) deck.value = deck.querySelector("option:not([disabled])").value;
    }
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
