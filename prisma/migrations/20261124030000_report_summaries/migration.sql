-- Summaries of closed UTC days for the detailed reports (decision 036). They are filled on demand
-- from payments, orders and order_items by app/modules/reports/rollup.server.ts: the write paths
-- (orders, payments) stay as they are, and a year's report reads a few thousand summary rows
-- instead of 200,000 payments and 600,000 order lines. Each table has its key as a unique index
-- and a covering index ("_read_idx") that the reports' range reads use alone.

-- CreateTable: which UTC days of a restaurant are summarised.
CREATE TABLE `report_rollups` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `restaurantId` INTEGER NOT NULL,
    `day` DATE NOT NULL,
    `createdAt` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `report_rollups_restaurantId_day_key`(`restaurantId`, `day`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable: paid orders per UTC hour and payment method (sales totals, methods, revenue by hour).
CREATE TABLE `report_sales_hours` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `restaurantId` INTEGER NOT NULL,
    `hourStart` DATETIME(3) NOT NULL,
    `method` ENUM('cash', 'card') NOT NULL,
    `orders` INTEGER NOT NULL,
    `revenue` DECIMAL(14, 2) NOT NULL,
    `discounts` DECIMAL(14, 2) NOT NULL,
    `discountedOrders` INTEGER NOT NULL,

    INDEX `report_sales_hours_read_idx`(`restaurantId`, `hourStart`, `method`, `orders`, `revenue`, `discounts`, `discountedOrders`),
    UNIQUE INDEX `report_sales_hours_restaurantId_hourStart_method_key`(`restaurantId`, `hourStart`, `method`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable: items sold (paid orders, without ikram lines) per UTC day and name (also the units sold).
CREATE TABLE `report_item_days` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `restaurantId` INTEGER NOT NULL,
    `day` DATE NOT NULL,
    `name` VARCHAR(120) NOT NULL,
    `quantity` INTEGER NOT NULL,
    `revenue` DECIMAL(14, 2) NOT NULL,

    INDEX `report_item_days_read_idx`(`restaurantId`, `day`, `name`, `quantity`, `revenue`),
    UNIQUE INDEX `report_item_days_restaurantId_day_name_key`(`restaurantId`, `day`, `name`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- CreateTable: per UTC day and account, the paid orders it took (served) and the payments it took (took).
CREATE TABLE `report_staff_days` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `restaurantId` INTEGER NOT NULL,
    `day` DATE NOT NULL,
    `kind` ENUM('served', 'took') NOT NULL,
    `who` VARCHAR(140) NOT NULL,
    `userId` INTEGER NULL,
    `name` VARCHAR(120) NOT NULL,
    `orders` INTEGER NOT NULL,
    `amount` DECIMAL(14, 2) NOT NULL,

    INDEX `report_staff_days_read_idx`(`restaurantId`, `day`, `kind`, `who`, `userId`, `name`, `orders`, `amount`),
    UNIQUE INDEX `report_staff_days_restaurantId_day_kind_who_key`(`restaurantId`, `day`, `kind`, `who`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- AddForeignKey
ALTER TABLE `report_rollups` ADD CONSTRAINT `report_rollups_restaurantId_fkey` FOREIGN KEY (`restaurantId`) REFERENCES `restaurants`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `report_sales_hours` ADD CONSTRAINT `report_sales_hours_restaurantId_fkey` FOREIGN KEY (`restaurantId`) REFERENCES `restaurants`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `report_item_days` ADD CONSTRAINT `report_item_days_restaurantId_fkey` FOREIGN KEY (`restaurantId`) REFERENCES `restaurants`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `report_staff_days` ADD CONSTRAINT `report_staff_days_restaurantId_fkey` FOREIGN KEY (`restaurantId`) REFERENCES `restaurants`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;
