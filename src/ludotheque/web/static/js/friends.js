// Friends' news, live: a socket of its own (the server counts it as being online) on which a
// friend's challenge or request arrives; shown in the page's list of challenges and, if the
// player allowed them, as a browser notification. The answer is a form (CSRF token included).
import { t } from "./i18n.js";

const list = document.getElementById("challenges");
const csrf = document.querySelector('input[name="csrf"]')?.value ?? "";
const notify = document.getElementById("notify");

function tell(title, body) {
  if ("Notification" in window && Notification.permission === "granted") {
    new Notification(title, { body, tag: "ludo-friends" });
  }
}

function answerForm(id, answer) {
  const form = document.createElement("form");
  form.method = "post";
  form.action = `/challenges/${encodeURIComponent(id)}/${answer}`;
  form.className = "inline";
  const token = document.createElement("input");
  token.type = "hidden";
  token.name = "csrf";
  token.value = csrf;
  const button = document.createElement("button");
  button.type = "submit";
  button.textContent = t(answer === "accept" ? "friends.accept" : "friends.decline");
  if (answer === "accept") button.dataset.testid = "challenge-accept";
  form.append(token, button);
  return form;
}

function showChallenge(message) {
  if (!list || list.querySelector(`[data-challenge="${CSS.escape(message.id)}"]`)) return;
  const li = document.createElement("li");
  li.dataset.challenge = message.id;
  li.textContent = t("friends.challenged_by", { name: message.from, title: message.title });
  li.append(" ", answerForm(message.id, "accept"), answerForm(message.id, "decline"));
  list.append(li);
  const section = list.closest("section");
  if (section) section.hidden = false;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws`);
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "challenge") {
      showChallenge(message);
      tell(t("friends.challenge_title"), t("friends.challenged_by", { name: message.from, title: message.title }));
    } else if (message.type === "friend_request") {
      tell(t("friends.title"), t("friends.asked_by", { name: message.from }));
    } else if (message.type === "challenge_answered" && message.game_id) {
      tell(t("friends.title"), t("friends.challenge_taken", { name: message.from }));
    }
  });
  socket.addEventListener("close", () => setTimeout(connect, 3000));
}

if (notify && "Notification" in window && Notification.permission === "default") {
  notify.hidden = false;
  notify.addEventListener("click", async () => {
    await Notification.requestPermission();
    notify.hidden = true;
  });
}

connect();
