"""Small Kaskade boards solved exactly, and the perfect player that plays from the solution."""
