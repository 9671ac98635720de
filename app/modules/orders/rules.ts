// The order rules the screen needs too; kept free of zod so that the order
// screen's JavaScript does not carry a validation library for four constants.

export const MAX_QUANTITY = 99;
export const MAX_ORDER_LINES = 100;

export const EMPTY_CART = "Sipariş listesi boş!";
export const NO_TABLE = "Lütfen bir masa seçin!";
export const QUANTITY_RANGE = `Adet 1 ile ${MAX_QUANTITY} arasında olmalıdır.`;
