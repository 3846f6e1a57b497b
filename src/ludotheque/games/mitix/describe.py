"""Each MiTiX event said in one line, in French (default) or English."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ludotheque.core.game import Event, Result, french_de, seat_name


def _mark(mark: int) -> str:
    """An Olympe mark as printed on the screen: +1, 0 or −1 (MX-7)."""
    return f"+{mark}" if mark > 0 else f"−{-mark}" if mark < 0 else "0"


def _names(items: Sequence[Any]) -> str:
    return ", ".join(str(i) for i in items) if items else "—"


def describe_event(event: Event, lang: str = "fr", names: Sequence[str] | None = None) -> str:
    """One line for an event, seats named by `names` when given ("Joueur 2" otherwise)."""
    en = lang == "en"
    d: Mapping[str, Any] = event.data

    def who(key: str = "seat") -> str:
        return seat_name(int(d[key]), lang, names)

    k = event.kind
    text: str
    if k == "reveal":
        a, b = d["cards"]
        if d.get("bataille"):
            text = (f"Battle {d['bataille']}: {a} faces {b}" if en
                    else f"Bataille {d['bataille']} : {a} affronte {b}")
        else:
            text = f"{a} faces {b}" if en else f"{a} affronte {b}"
    elif k == "soutien":
        text = (f"{d['card']} ({who()}) is supported by {_names(d['by'])} on Olympus: "
                "mark +1" if en else f"{d['card']} ({who()}) est soutenu par {_names(d['by'])} "
                "sur l'Olympe : marque +1")
    elif k == "condamnation":
        text = (f"{d['card']} ({who()}) is condemned by {_names(d['by'])} on the opposing "
                "Olympus" if en else
                f"{d['card']} ({who()}) est condamné par {_names(d['by'])} sur l'Olympe adverse")
        text += ": mark −1" if en else " : marque −1"
    elif k == "annulation":
        text = (f"support and condemnation of {d['card']} cancel out: mark 0" if en
                else f"soutien et condamnation de {d['card']} s'annulent : marque 0")
    elif k == "olympe_decides":
        m0, m1 = d["marks"]
        text = (f"{who('winner')} wins the round by the gods' will, whatever the Bios "
                f"(marks {_mark(m0)} against {_mark(m1)})" if en else
                f"{who('winner')} gagne la manche par la volonté des dieux, quel que soit le "
                f"Bios (marques {_mark(m0)} contre {_mark(m1)})")
    elif k == "marks_cancel":
        m = d["marks"][0]
        text = (f"equal marks ({_mark(m)} each) cancel: the Bios decides" if en
                else f"marques égales ({_mark(m)} chacune) : elles s'annulent, le Bios décide")
    elif k == "bios":
        f0, f1 = d["final"]
        text = (f"final Bios (Bios minus the opposing attack) {f0} against {f1}" if en
                else f"Bios final (Bios moins l'attaque adverse) {f0} contre {f1}")
    elif k == "bataille":
        text = ("tie: battle! each player puts a card face down" if en
                else "égalité : bataille ! chacun pose une carte face cachée")
    elif k == "bataille_impossible":
        cards = [c for side in d["cards"] for c in side]
        text = (f"tie, but not enough cards for a battle: {_names(cards)} go to the Underworld"
                if en else f"égalité sans assez de cartes pour la bataille : {_names(cards)} "
                "vont aux Enfers")
    elif k == "round_won":
        text = (f"{who('winner')} wins the round: {_names(d['vivants'])} to the Living" if en
                else f"{who('winner')} gagne la manche : {_names(d['vivants'])} chez les Vivants")
        if d.get("enfers"):
            text += (f", {_names(d['enfers'])} to the Underworld" if en
                     else f", {_names(d['enfers'])} aux Enfers")
    elif k == "end":
        # The final count only: who won and why is said once, by the room's end panel
        # (describe_result), not again in the log (issue 20).
        n0, n1 = d["scores"]
        text = (f"Game over: Living {n0:g} – {n1:g}, Bios {d['bios'][0]} – {d['bios'][1]}"
                if en else
                f"Fin de la partie : Vivants {n0:g} – {n1:g}, Bios {d['bios'][0]} – {d['bios'][1]}")
    elif k == "resource_drawn":
        text = (f"{who()} draws {d['resource']}" if en else f"{who()} tire {d['resource']}")
    elif k == "resource_placed":
        text = (f"{who()} puts {d['resource']} on {d['dieu']}" if en
                else f"{who()} place {d['resource']} auprès {french_de(str(d['dieu']))}")
    elif k == "resource_discarded":
        text = (f"{d['resource']} has no God to receive it and is discarded" if en
                else f"{d['resource']} n'a aucun Dieu pour la recevoir et est défaussée")
    elif k == "reshuffle":
        text = (f"the {d['count']} used resources are shuffled into a new pile" if en
                else f"les {d['count']} ressources utilisées sont remélangées en une pioche")
    elif k == "choice_made":
        text = f"{who()} has chosen" if en else f"{who()} a choisi"
    elif k == "my_choice":
        if d.get("down"):
            text = (f"you put {d['card']} face down" if en
                    else f"vous posez {d['card']} face cachée")
        else:
            text = (f"you send {d['card']}" if en else f"vous envoyez {d['card']}")
    elif k == "combatant":
        if d["famix"]:
            text = (f"{who()} sends the FaMiX {_names(d['cards'])} led by {d['avant']} "
                    f"(Bios {d['bios']})" if en else
                    f"{who()} envoie la FaMiX {_names(d['cards'])} menée par {d['avant']} "
                    f"(Bios {d['bios']})")
        else:
            text = (f"{who()} sends {d['avant']} alone (Bios {d['bios']})" if en
                    else f"{who()} envoie {d['avant']} seul (Bios {d['bios']})")
    elif k == "intervention":
        if d["sens"] == "pour":
            text = (f"{d['dieu']} receives the three divine foods and intervenes for {who()}"
                    if en else f"{d['dieu']} reçoit les trois Nourritures divines et intervient "
                    f"en faveur {french_de(who())}")
        else:
            text = (f"{d['dieu']} receives the three offerings and intervenes against {who()}"
                    if en else f"{d['dieu']} reçoit les trois Offrandes et intervient "
                    f"contre {who()}")
    elif k == "face_down":
        a, b = d["cards"]
        text = (f"face down: {a} and {b}" if en else f"face cachée : {a} et {b}")
    else:
        args = ", ".join(f"{key}={value}" for key, value in d.items())
        text = f"{k}({args})"
    # The event's ruling is not written here: the room's "?" beside the line opens it.
    return text


def describe_result(result: Result, lang: str = "fr") -> str:
    """Why the duel ended, with its numbers (MX-12 / MX-23, decided by MX-13 / MX-24)."""
    en = lang == "en"
    famix = result.ruling == "MX-24"
    n0, n1 = (int(x) for x in result.scores)
    # The Bios totals are only in the engine's detail ("... Bios 3120 contre 2980" or
    # "... et Bios 3120 de chaque côté"): its last numbers.
    numbers = [int(x) for x in re.findall(r"\d+", result.detail)]
    if en:
        head = ("An areopagus is empty" if famix
                else "Both areopagi have fought")
    else:
        head = ("Un aréopage est vide" if famix
                else "Les deux aréopages ont combattu")
    if result.reason == "plus_de_vivants":
        high, low = max(n0, n1), min(n0, n1)
        tail = (f"{high} Living to {low}: the most Living wins" if en
                else f"{high} Vivants contre {low} : le plus de Vivants l'emporte")
    elif result.reason == "bios_des_vivants" and len(numbers) >= 3:
        high, low = numbers[-2], numbers[-1]
        tail = (f"{n0} Living each, decided by the printed Bios of the Living, {high} to "
                f"{low}" if en else
                f"{n0} Vivants chacun, départagés par le Bios imprimé des Vivants, {high} contre "
                f"{low}")
    else:
        bios = numbers[-1] if numbers else 0
        tail = (f"{n0} Living and a Bios of {bios} on each side: a draw" if en
                else f"{n0} Vivants et un Bios de {bios} de chaque côté : match nul")
    return f"{head}: {tail}." if en else f"{head} : {tail}."
