import { create } from 'zustand';

/**
 * What the header badge shows. The basket feature owns the cart; it writes the item count
 * here whenever the cart is replaced (spec §4), so the shell needs no cart code of its own.
 */
export const useBasketSummary = create<{ itemCount: number }>(() => ({ itemCount: 0 }));
