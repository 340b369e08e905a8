"""Rise & Fall: variants."""
