-- AlterTable
ALTER TABLE `order_draft_items` ADD COLUMN `freeQuantity` INTEGER NOT NULL DEFAULT 0;
