"""The table device: pygame app, inputs (touch, buttons, card reader), storage, config."""
