-- House accounts, cari hesap / veresiye (issue 22, decision 087): a regular's or a company's
-- account with a credit limit, and every movement of its balance (charges, payments received,
-- managers' corrections) with the balance after it.
CREATE TABLE `house_accounts` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `restaurantId` INTEGER NOT NULL,
    `name` VARCHAR(120) NOT NULL,
    `phone` VARCHAR(20) NULL,
    `creditLimit` DECIMAL(10, 2) NOT NULL DEFAULT 0.00,
    `balance` DECIMAL(12, 2) NOT NULL DEFAULT 0.00,
    `note` VARCHAR(200) NULL,
    `version` INTEGER NOT NULL DEFAULT 1,
    `createKey` VARCHAR(64) NULL,
    `createdAt` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updatedAt` DATETIME(3) NOT NULL,
    `closedAt` DATETIME(3) NULL,

    INDEX `house_accounts_restaurantId_closedAt_idx`(`restaurantId`, `closedAt`),
    UNIQUE INDEX `house_accounts_restaurantId_createKey_key`(`restaurantId`, `createKey`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `house_account_movements` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `restaurantId` INTEGER NOT NULL,
    `accountId` INTEGER NOT NULL,
    `kind` ENUM('charge', 'payment', 'adjustment') NOT NULL,
    `amount` DECIMAL(12, 2) NOT NULL,
    `balanceAfter` DECIMAL(12, 2) NOT NULL,
    `method` ENUM('cash', 'card') NULL,
    `note` VARCHAR(200) NULL,
    `tableNumber` INTEGER NULL,
    `orderIds` VARCHAR(255) NULL,
    `movementKey` VARCHAR(64) NOT NULL,
    `createdById` INTEGER NULL,
    `createdByName` VARCHAR(120) NOT NULL,
    `createdAt` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    INDEX `house_account_movements_accountId_id_idx`(`accountId`, `id`),
    INDEX `house_account_movements_createdById_idx`(`createdById`),
    UNIQUE INDEX `house_account_movements_restaurantId_movementKey_key`(`restaurantId`, `movementKey`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

ALTER TABLE `house_accounts` ADD CONSTRAINT `house_accounts_restaurantId_fkey` FOREIGN KEY (`restaurantId`) REFERENCES `restaurants`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE `house_account_movements` ADD CONSTRAINT `house_account_movements_restaurantId_fkey` FOREIGN KEY (`restaurantId`) REFERENCES `restaurants`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE `house_account_movements` ADD CONSTRAINT `house_account_movements_accountId_fkey` FOREIGN KEY (`accountId`) REFERENCES `house_accounts`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE `house_account_movements` ADD CONSTRAINT `house_account_movements_createdById_fkey` FOREIGN KEY (`createdById`) REFERENCES `users`(`id`) ON DELETE SET NULL ON UPDATE CASCADE;
