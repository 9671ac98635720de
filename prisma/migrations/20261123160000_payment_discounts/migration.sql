-- AlterTable: a payment records the discount code applied to it (issue 10). `amount` stays what was
-- charged; `discountAmount` is what the code took off, so the order's total is amount + discountAmount.
ALTER TABLE `payments`
  ADD COLUMN `discountId` INTEGER NULL,
  ADD COLUMN `discountCode` VARCHAR(32) NULL,
  ADD COLUMN `discountAmount` DECIMAL(10, 2) NOT NULL DEFAULT 0.00;

-- CreateIndex
CREATE INDEX `payments_discountId_idx` ON `payments`(`discountId`);

-- AddForeignKey
ALTER TABLE `payments` ADD CONSTRAINT `payments_discountId_fkey` FOREIGN KEY (`discountId`) REFERENCES `discounts`(`id`) ON DELETE SET NULL ON UPDATE CASCADE;
