"""The simulation lab: seeded games between bots, statistics and reports."""
