"""Screens: pure functions from plain data to markup (all text from the i18n catalogues)."""
