"""Seats in words (core.game): "Joueur 2" without names, the player's name with them, and
the French prepositions before a name; a number and its noun agreed."""

from __future__ import annotations

from ludotheque.core import counted, french_a, french_de, seat_name, seat_names

NAMES = ["Alice", "Bob", "Carole", "Denis"]


def test_a_seat_is_numbered_from_1_without_names_and_named_with_them() -> None:
    assert seat_name(1) == "Joueur 2"
    assert seat_name(1, "fr") == "Joueur 2"
    assert seat_name(0, "en") == "Player 1"
    assert seat_name(1, "fr", NAMES) == "Bob"
    assert seat_name(1, "en", NAMES) == "Bob"


def test_several_seats_are_joined_in_the_readers_language() -> None:
    assert seat_names([0, 2]) == "Joueurs 1 et 3"
    assert seat_names([0, 2], "en") == "Players 1 and 3"
    assert seat_names([0, 2], "fr", NAMES) == "Alice et Carole"
    assert seat_names([0, 2], "en", NAMES) == "Alice and Carole"
    # "or": one of them ("posé devant Joueur 2 ou 3").
    assert seat_names([1, 2], "fr", conjunction="or") == "Joueur 2 ou 3"
    assert seat_names([1, 2], "en", conjunction="or") == "Player 2 or 3"
    assert seat_names([1, 2], "fr", NAMES, "or") == "Bob ou Carole"
    assert seat_names([1, 2], "en", NAMES, "or") == "Bob or Carole"
    # One seat is said as one.
    assert seat_names([3]) == "Joueur 4"
    assert seat_names([3], "en", NAMES) == "Denis"


def test_french_de_and_a_elide_and_contract() -> None:
    assert french_de("Bob") == "de Bob"
    assert french_de("Alice") == "d'Alice"
    assert french_de("Élodie") == "d'Élodie"
    assert french_de("Hugo") == "d'Hugo"
    assert french_de("Yves") == "d'Yves"
    assert french_de("Yann") == "de Yann"
    assert french_de("Joueur 2") == "de Joueur 2"
    assert french_de("Le tuteur") == "du tuteur"
    assert french_de("Les Bleus") == "des Bleus"
    assert french_de("La Reine") == "de la Reine"
    assert french_de("Robot Moyen") == "de Robot Moyen"
    assert french_a("Alice") == "à Alice"
    assert french_a("Bob") == "à Bob"
    assert french_a("Le tuteur") == "au tuteur"
    assert french_a("Les Bleus") == "aux Bleus"


def test_counted_agrees_the_noun_with_its_number() -> None:
    assert counted(1, "carte", "cartes") == "1 carte"
    assert counted(2, "carte", "cartes") == "2 cartes"
    assert counted(0, "point", "points") == "0 point"  # French: 0 is singular
    assert counted(0, "card", "cards", "en") == "0 cards"
    assert counted(1, "card", "cards", "en") == "1 card"
