"""Rise!: a two-player game of land tiles, Workers and Towers (rules in pure Python, no widgets)."""
