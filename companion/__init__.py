"""Rise & Fall Table Companion: the World builder, the game tracker and the final score."""

__version__ = "0.1.0"
