// What tells a player it is their turn when they look elsewhere: the tab's title, a short
// sound (off unless they turned it on; kept with their account), a browser notification
// when they allowed them and the tab is hidden.
export function turnSignals({ t, title, sound, saveSound }) {
  let yourTurn = false;
  let soundOn = Boolean(sound);
  const button = document.getElementById("sound");
  const showSound = () => {
    button.setAttribute("aria-pressed", String(soundOn));
    button.textContent = t(soundOn ? "room.sound_on" : "room.sound_off");
  };
  showSound();
  button.addEventListener("click", () => {
    soundOn = !soundOn;
    showSound();
    saveSound(soundOn);
    if (soundOn) beep(); // the click is the gesture that lets the page play sound
    // Allowing notifications is asked once, on a click of the player's (never on load).
    if ("Notification" in window && Notification.permission === "default") {
      Notification.requestPermission().catch(() => {});
    }
  });

  let audio = null;
  function beep() {
    try {
      audio = audio || new AudioContext();
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = 660;
      gain.gain.setValueAtTime(0.15, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
      osc.connect(gain).connect(audio.destination);
      osc.start();
      osc.stop(audio.currentTime + 0.35);
    } catch (error) {
      console.warn(error);
    }
  }

  // `text`: what the status says, for the notification.
  function update(turn, text) {
    document.title = turn ? `● ${t("room.title_turn")} · ${title}` : title;
    if (turn && !yourTurn) {
      if (soundOn) beep();
      if (document.hidden && "Notification" in window && Notification.permission === "granted") {
        try {
          new Notification(title, { body: text, tag: "ludo-turn" });
        } catch (error) {
          console.warn(error);
        }
      }
    }
    yourTurn = turn;
  }
  return { update, sound: () => soundOn };
}

// Who is here: each seat's player online or away, the spectators' count, and a notice
// when an opponent's page is closed during the game (and when they come back).
export function presence({ t, seatName, notice }) {
  let online = null; // the seats whose player has the room open, from the last message
  let watchers = 0;
  function receive(message, state) {
    const before = online;
    online = new Set(message.online);
    watchers = message.watchers;
    const counter = document.getElementById("watchers");
    counter.hidden = watchers === 0;
    counter.textContent = t("room.watchers", { n: watchers });
    if (!state || before === null || state.status !== "live") return;
    for (const seat of state.seats) {
      if (seat.kind !== "human" || seat.free || seat.mine) continue;
      if (before.has(seat.seat) && !online.has(seat.seat)) {
        notice(t("room.opponent_left", { name: seatName(seat.seat) }));
      } else if (!before.has(seat.seat) && online.has(seat.seat)) {
        notice(t("room.opponent_back", { name: seatName(seat.seat) }));
      }
    }
  }
  // A seat's mark in the seats' bar: a person online or away; bots are always there.
  function mark(seat) {
    if (online === null || seat.kind !== "human" || seat.free) return null;
    const dot = document.createElement("span");
    const here = online.has(seat.seat);
    dot.className = "presence";
    dot.dataset.presence = here ? "online" : "away";
    dot.dataset.testid = `presence-${seat.seat}`;
    dot.title = t(here ? "room.online" : "room.away");
    dot.setAttribute("role", "img");
    dot.setAttribute("aria-label", dot.title);
    return dot;
  }
  return { receive, mark };
}
