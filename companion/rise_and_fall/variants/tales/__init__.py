"""Rise & Fall: variants tales."""
