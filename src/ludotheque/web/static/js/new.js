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
  }
}
for (const select of document.querySelectorAll(".seat-row select")) {
  select.addEventListener("change", update);
}
players.addEventListener("change", update);
update();
