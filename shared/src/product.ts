/** Public facts about the product, shown on pages and in e-mails (nothing secret lives here). */
export const PRODUCT_NAME = 'PipPitch';
