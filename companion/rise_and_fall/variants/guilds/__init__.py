"""Rise & Fall: variants guilds."""
