// The replay page: when the game has a screen of its own, it draws the step's spectator view
// read-only (no legal actions); otherwise the server's nested lists stay.
import { extend, t } from "./i18n.js";

const data = JSON.parse(document.getElementById("replay-data").textContent);
extend(data.screen_text);
if (data.screen) {
  const screen = (await import(data.screen)).default;
  // Named as the room names them (the server's seat_label: a bot by its level's name).
  const seatName = (i) => data.seats[i]?.name || t("seat.number", { n: i + 1 });
  const state = { seats: data.seats, steps: [], mine: [], to_act: [], result: null, view: data.view };
  screen.render(document.getElementById("board"), {
    view: data.view, seat: null, legal: [], act: () => {}, t, state, lang: data.lang, seatName,
    replay: true,
  });
}
