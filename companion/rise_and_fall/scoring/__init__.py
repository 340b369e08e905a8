"""Rise & Fall: scoring."""
