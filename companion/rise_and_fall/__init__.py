"""Rise & Fall: the rules as code, with no widgets (see ``companion.ui`` for the dashboard)."""
