-- Every edit of an order is recorded with the account that made it; the key is optional
-- (an edit sent without one is recorded too).
ALTER TABLE `order_edits` MODIFY `editKey` VARCHAR(64) NULL,
  ADD COLUMN `userId` INTEGER NULL,
  ADD COLUMN `userName` VARCHAR(120) NOT NULL DEFAULT '';

-- CreateIndex
CREATE INDEX `order_edits_userId_idx` ON `order_edits`(`userId`);

-- AddForeignKey
ALTER TABLE `order_edits` ADD CONSTRAINT `order_edits_userId_fkey` FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON DELETE SET NULL ON UPDATE CASCADE;
