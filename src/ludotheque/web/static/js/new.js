// The new-game form: show one seat row per player.
const players = document.getElementById("players");
function update() {
  const n = Number(players.value);
  for (const row of document.querySelectorAll(".seat-row")) {
    const shown = Number(row.dataset.seat) < n;
    row.hidden = !shown;
    row.querySelector("select").disabled = !shown;
  }
}
players.addEventListener("change", update);
update();
