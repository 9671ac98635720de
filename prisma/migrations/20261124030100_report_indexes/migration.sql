-- Covering indexes for the detailed reports (decision 036), measured with `npm run bench:reports`.

-- CreateIndex: an order's lines by (orderId, complimentary) with what the reports read of them, so
-- the rollup of a year and the CSV's units per order read the index alone, not 750,000 rows.
CREATE INDEX `order_items_report_lines_idx` ON `order_items`(`orderId`, `complimentary`, `menuItemName`, `quantity`, `totalPrice`);

-- CreateIndex: the period's movements counted by reason from the index alone.
CREATE INDEX `stock_movements_restaurantId_createdAt_reason_idx` ON `stock_movements`(`restaurantId`, `createdAt`, `reason`);
