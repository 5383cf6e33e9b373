/**
 * Mantine hides a Select's clear button from the keyboard and from assistive
 * tech (aria-hidden, tabIndex -1); these props make it a named, reachable button.
 */
export const clearButton = (label: string) => ({ 'aria-label': label, 'aria-hidden': false, tabIndex: 0 });
