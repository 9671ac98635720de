-- The units of a draft line that were already on the order when the draft was made from it:
-- after an edit conflict, what the waiter added (quantity beyond them) is put on the fresh order.
ALTER TABLE `order_draft_items` ADD COLUMN `baseQuantity` INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN `baseFreeQuantity` INTEGER NOT NULL DEFAULT 0;
