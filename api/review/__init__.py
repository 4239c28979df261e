"""The coach's review of a finished hand, as the API serves it."""
