"""Rise & Fall's state of a tracked game, below its rules: the records and how they change (:mod:`.records`), the
checks of what the table enters (:mod:`.counts`), and the Civilizations and the game (:mod:`.civilizations`).

The base game's rules (``play/``) and the variants' (``variants/``) both stand on it; it imports neither.
"""
