// The room's chat panel: each message with its time, long words wrapped by the CSS, and an
// unread count on the button that opens the chat where it is folded away (a phone).
export function chatPanel({ t, lang, send, game, canWrite }) {
  const list = document.getElementById("chat");
  const panel = document.getElementById("chat-panel");
  const toggle = document.getElementById("chat-toggle");
  const badge = document.getElementById("chat-unread");
  let unread = 0;
  // Folded: the toggle is shown (narrow screens) and the panel not opened.
  const folded = () => toggle.offsetParent !== null && !panel.classList.contains("open");
  const showUnread = () => {
    badge.hidden = unread === 0;
    badge.textContent = String(unread);
    badge.title = t("room.chat_unread", { n: unread });
  };
  toggle.addEventListener("click", () => {
    const open = panel.classList.toggle("open");
    toggle.setAttribute("aria-expanded", String(open));
    if (open) {
      unread = 0;
      showUnread();
      list.scrollTop = list.scrollHeight;
    }
  });

  function stamp(at) {
    const time = document.createElement("time");
    const when = new Date(at);
    if (Number.isNaN(when.getTime())) return null;
    time.dateTime = when.toISOString();
    time.textContent = when.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" });
    time.title = when.toLocaleString(lang);
    return time;
  }

  // `fresh`: a message arriving now (not the history loaded with the page).
  function add(message, fresh = true) {
    const li = document.createElement("li");
    const time = message.at ? stamp(message.at) : null;
    if (time) li.append(time);
    const who = document.createElement("strong");
    who.innerHTML = message.name; // escaped by the server
    const text = document.createElement("span");
    text.innerHTML = message.text; // escaped by the server
    li.append(who, ": ", text);
    // Who can write can report a message to the moderators (docs/moderation.md).
    if (message.id != null) {
      li.dataset.id = message.id;
      if (canWrite) {
        const report = document.createElement("button");
        report.type = "button";
        report.className = "report";
        report.textContent = t("mod.report");
        report.addEventListener("click", () => {
          const reason = window.prompt(t("mod.report_prompt"));
          if (reason && reason.trim()) {
            send({ type: "report", game, message: message.id, reason: reason.trim() });
          }
        });
        li.append(" ", report);
      }
    }
    list.append(li);
    list.scrollTop = list.scrollHeight;
    if (fresh && folded()) {
      unread += 1;
      showUnread();
    }
  }

  return { add };
}
