// Placeholder: filled by a later step.
