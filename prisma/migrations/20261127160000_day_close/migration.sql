-- Gün sonu (issue 22, decision 088): the business day's start hour, the guests an order opened the
-- table with, and closed days. A close counts every payment and void/ikram no close has counted yet
-- (dayCloseId NULL) and stamps them; those made before closes existed are marked 0 (not counted by
-- the first close, which covers its own day).
-- AlterTable
ALTER TABLE `restaurants` ADD COLUMN `dayStartHour` INTEGER NOT NULL DEFAULT 5;

-- AlterTable
ALTER TABLE `orders` ADD COLUMN `guests` SMALLINT NULL;

-- AlterTable
ALTER TABLE `payments` ADD COLUMN `dayCloseId` INTEGER NULL;

-- AlterTable
ALTER TABLE `order_events` ADD COLUMN `dayCloseId` INTEGER NULL;

-- CreateTable
CREATE TABLE `day_closes` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `restaurantId` INTEGER NOT NULL,
    `businessDate` DATE NOT NULL,
    `fromAt` DATETIME(3) NOT NULL,
    `closedAt` DATETIME(3) NOT NULL,
    `revenue` DECIMAL(12, 2) NOT NULL,
    `cashExpected` DECIMAL(12, 2) NOT NULL,
    `cashCounted` DECIMAL(12, 2) NOT NULL,
    `cashDifference` DECIMAL(12, 2) NOT NULL,
    `note` VARCHAR(500) NULL,
    `figures` MEDIUMTEXT NOT NULL,
    `closeKey` VARCHAR(64) NULL,
    `closedById` INTEGER NULL,
    `closedByName` VARCHAR(120) NOT NULL,

    INDEX `day_closes_restaurantId_closedAt_idx`(`restaurantId`, `closedAt`),
    UNIQUE INDEX `day_closes_restaurantId_businessDate_key`(`restaurantId`, `businessDate`),
    UNIQUE INDEX `day_closes_restaurantId_closeKey_key`(`restaurantId`, `closeKey`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateIndex
CREATE INDEX `payments_restaurantId_dayCloseId_idx` ON `payments`(`restaurantId`, `dayCloseId`);

-- CreateIndex
CREATE INDEX `order_events_restaurantId_dayCloseId_idx` ON `order_events`(`restaurantId`, `dayCloseId`);

-- AddForeignKey
ALTER TABLE `day_closes` ADD CONSTRAINT `day_closes_restaurantId_fkey` FOREIGN KEY (`restaurantId`) REFERENCES `restaurants`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- What happened before closes existed is not any close's.
UPDATE `payments` SET `dayCloseId` = 0;
UPDATE `order_events` SET `dayCloseId` = 0;
