// The moment of MIMIK's new steps worth a banner, in words, with the seats it concerns.
import { cardName } from "./cards.js";

// The moments worth a banner, most important first. The end is none: the room's end panel
// says who won, once (issue 20).
const MOMENTS = ["copied", "stole", "kept", "overshoot", "tsunami", "swapped_score",
  "sabotaged", "swapped", "reversed", "halved", "paused"];

export function moment(t, events, view, seatName) {
  // The most important event of the new steps, said in a banner (the log has every line).
  const found = MOMENTS.map((kind) => events.find((e) => e.kind === kind)).find(Boolean);
  if (!found) return null;
  const d = found.data;
  const name = (key = "seat") => seatName(d[key]);
  switch (found.kind) {
    case "copied": {
      const from = (d.from || []).map(seatName);
      if (d.discard) from.push(t("mimik.moment.the_discard"));
      const text = d.value === null || d.value === undefined
        ? t("mimik.moment.copied_action", { name: name(), card: cardName(t, d.card) })
        : t("mimik.moment.copied", { name: name(), card: d.card, from: from.join(t("mimik.or")) || "?" });
      return { kind: "copied", text, seats: [d.seat, ...(d.from || [])], value: d.value };
    }
    case "stole":
      return { kind: "stole", text: t("mimik.moment.stole", { name: name(), card: cardName(t, d.card), victim: name("victim") }), seats: [d.seat, d.victim] };
    case "kept":
      return { kind: "stole", text: t("mimik.moment.kept", { name: name(), victim: name("victim"), card: cardName(t, d.discarded) }), seats: [d.seat, d.victim] };
    case "overshoot": {
      const seats = d.seats || [d.seat];
      return { kind: "bad", text: t("mimik.moment.overshoot", { names: seats.map(seatName).join(" + "), score: d.score, base: d.base }), seats };
    }
    case "tsunami":
      return { kind: "bad", text: t("mimik.moment.tsunami", { name: name() }), seats: [d.seat] };
    case "swapped_score":
      return { kind: "info", text: t("mimik.moment.swapped_score", { name: name(), other: name("other") }), seats: [d.seat, d.other] };
    case "sabotaged":
      return { kind: "bad", text: t("mimik.moment.sabotaged", { name: name(), owner: name("owner"), card: d.card }), seats: [d.owner] };
    case "swapped":
      return { kind: "info", text: t("mimik.moment.swapped", { name: name(), owner: name("owner"), gave: d.gave, got: d.got }), seats: [d.seat, d.owner] };
    case "reversed":
    case "halved":
      return { kind: "info", text: t(`mimik.moment.${found.kind}`, { name: name(), owner: name("owner"), before: d.before, after: d.after }), seats: [d.owner] };
    case "paused":
      return { kind: "info", text: t("mimik.moment.paused", { name: name(), other: name("paused") }), seats: [d.paused] };
    default:
      return null;
  }
}
