const numbers = new Intl.NumberFormat('en-US');

/** An estate's acres or square feet as the team's pages show them, grouped by thousands. */
export const estateFigure = (value: number) => numbers.format(value);
