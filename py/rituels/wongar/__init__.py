"""Wongar (Alan R. Moon & Richard Borg, Goldsieber, 2000): area majorities with Tschurungas."""
