"""Rise & Fall's screens: World, Setup, Game and Scores, a thin layer of widgets over the game's logs."""
