"""Web plumbing: the Lambda's request handling, routing, OpenAPI, errors, config,
limits and auth. Nothing here knows the rules of Okey."""
