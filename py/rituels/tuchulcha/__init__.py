"""Tuchulcha (Marco Donadoni, daVinci Games, 2004): an Etruscan dice race."""
