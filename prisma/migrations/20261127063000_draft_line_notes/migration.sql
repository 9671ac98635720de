-- The no-JavaScript cart keeps each line's note for the kitchen until the order is sent (decision 079).
ALTER TABLE `order_draft_items` ADD COLUMN `note` VARCHAR(140) NULL;
