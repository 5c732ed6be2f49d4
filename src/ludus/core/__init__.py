"""Game-agnostic machinery: the API, actions, RNG, events, records, errors, registry."""
