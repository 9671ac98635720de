-- Options on order lines (decision 082): groups of choices per category or item, each choice with a
-- price difference; order lines, draft lines and ticket lines keep what was chosen.
CREATE TABLE `menu_option_groups` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `restaurantId` INTEGER NOT NULL,
    `name` VARCHAR(40) NOT NULL,
    `categoryId` INTEGER NULL,
    `menuItemId` INTEGER NULL,
    `position` INTEGER NOT NULL DEFAULT 0,
    `version` INTEGER NOT NULL DEFAULT 1,
    `createKey` VARCHAR(64) NULL,
    `createdAt` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updatedAt` DATETIME(3) NOT NULL,

    INDEX `menu_option_groups_restaurantId_position_idx`(`restaurantId`, `position`),
    INDEX `menu_option_groups_categoryId_idx`(`categoryId`),
    INDEX `menu_option_groups_menuItemId_idx`(`menuItemId`),
    UNIQUE INDEX `menu_option_groups_restaurantId_createKey_key`(`restaurantId`, `createKey`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

CREATE TABLE `menu_options` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `restaurantId` INTEGER NOT NULL,
    `groupId` INTEGER NOT NULL,
    `name` VARCHAR(40) NOT NULL,
    `priceDelta` DECIMAL(10, 2) NOT NULL DEFAULT 0.00,
    `position` INTEGER NOT NULL DEFAULT 0,

    INDEX `menu_options_groupId_position_idx`(`groupId`, `position`),
    INDEX `menu_options_restaurantId_idx`(`restaurantId`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

ALTER TABLE `menu_option_groups` ADD CONSTRAINT `menu_option_groups_restaurantId_fkey` FOREIGN KEY (`restaurantId`) REFERENCES `restaurants`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE `menu_option_groups` ADD CONSTRAINT `menu_option_groups_categoryId_fkey` FOREIGN KEY (`categoryId`) REFERENCES `menu_categories`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE `menu_option_groups` ADD CONSTRAINT `menu_option_groups_menuItemId_fkey` FOREIGN KEY (`menuItemId`) REFERENCES `menu_items`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE `menu_options` ADD CONSTRAINT `menu_options_groupId_fkey` FOREIGN KEY (`groupId`) REFERENCES `menu_option_groups`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE `order_items` ADD COLUMN `options` TEXT NULL;
ALTER TABLE `order_draft_items` ADD COLUMN `optionIds` VARCHAR(100) NULL;
ALTER TABLE `kitchen_ticket_items` ADD COLUMN `options` TEXT NULL;
