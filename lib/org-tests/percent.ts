/** Rounded down, so a figure just under a threshold never prints as the threshold. */
export const formatPercent = (percent: number) => `${(Math.floor(percent * 10) / 10).toFixed(1)}%`;
