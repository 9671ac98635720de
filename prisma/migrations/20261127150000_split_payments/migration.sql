-- Split and partial payments (issue 22, decision 086): an order may be paid in several payments.
-- A table payment (bill_payments) settles parts of the table's open orders, one `payments` row per
-- order it touches; orders.paidLines is what of the lines payments have settled, and
-- order_items.paidQuantity the units paid by line. Every payment before this one paid a whole
-- order: it settled all of its lines and closed it.
-- DropIndex
ALTER TABLE `payments` DROP FOREIGN KEY `payments_orderId_fkey`;
DROP INDEX `payments_orderId_key` ON `payments`;

-- AlterTable
ALTER TABLE `payments` ADD COLUMN `billPaymentId` INTEGER NULL,
    ADD COLUMN `linesAmount` DECIMAL(10, 2) NOT NULL DEFAULT 0.00,
    ADD COLUMN `closesOrder` BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE `orders` ADD COLUMN `paidLines` DECIMAL(10, 2) NOT NULL DEFAULT 0.00;

-- AlterTable
ALTER TABLE `order_items` ADD COLUMN `paidQuantity` INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE `bill_payments` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `restaurantId` INTEGER NOT NULL,
    `tableId` INTEGER NOT NULL,
    `tableNumber` INTEGER NOT NULL,
    `payKey` VARCHAR(64) NULL,
    `method` ENUM('cash', 'card', 'meal_card') NOT NULL,
    `mealCard` VARCHAR(40) NULL,
    `amount` DECIMAL(10, 2) NOT NULL,
    `tip` DECIMAL(10, 2) NOT NULL DEFAULT 0.00,
    `tendered` DECIMAL(10, 2) NULL,
    `result` TEXT NOT NULL,
    `takenById` INTEGER NULL,
    `takenByName` VARCHAR(120) NOT NULL,
    `createdAt` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `bill_payments_restaurantId_createdAt_idx`(`restaurantId`, `createdAt`),
    UNIQUE INDEX `bill_payments_restaurantId_payKey_key`(`restaurantId`, `payKey`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateIndex
CREATE INDEX `payments_orderId_idx` ON `payments`(`orderId`);

-- RedoIndex: the meal cards' covering index counts closed orders too.
DROP INDEX `payments_meal_cards_read_idx` ON `payments`;
CREATE INDEX `payments_meal_cards_read_idx` ON `payments`(`restaurantId`, `method`, `paidAt`, `mealCard`, `amount`, `closesOrder`);

-- CreateIndex
CREATE INDEX `payments_billPaymentId_idx` ON `payments`(`billPaymentId`);

-- AddForeignKey
ALTER TABLE `payments` ADD CONSTRAINT `payments_orderId_fkey` FOREIGN KEY (`orderId`) REFERENCES `orders`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `payments` ADD CONSTRAINT `payments_billPaymentId_fkey` FOREIGN KEY (`billPaymentId`) REFERENCES `bill_payments`(`id`) ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `bill_payments` ADD CONSTRAINT `bill_payments_restaurantId_fkey` FOREIGN KEY (`restaurantId`) REFERENCES `restaurants`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- Every earlier payment paid its whole order.
UPDATE `payments` SET `closesOrder` = true, `linesAmount` = `amount` - `serviceCharge` + `discountAmount`;
UPDATE `orders` SET `paidLines` = `totalAmount` WHERE `status` = 'paid';
