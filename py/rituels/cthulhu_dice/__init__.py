"""Cthulhu Dice (Steve Jackson Games) and the "Cthulhu joue" variant."""
