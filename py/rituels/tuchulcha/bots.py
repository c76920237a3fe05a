"""Tuchulcha bots (placeholder until the search lands)."""
from rituels.engine.bots import RandomBot


class StrongBot(RandomBot):
    level = "strong"
