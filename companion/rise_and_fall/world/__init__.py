"""Rise & Fall: world."""
