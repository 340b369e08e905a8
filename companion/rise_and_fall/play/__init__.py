"""Rise & Fall: play."""
