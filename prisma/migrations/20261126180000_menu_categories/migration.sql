-- The restaurant's own menu categories (decision 068). Every existing restaurant gets the spec's
-- six as rows (same keys, the screen's names and order, KDV 10 %), and its items keep their
-- category key, which now references a row of their own restaurant.
CREATE TABLE `menu_categories` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `restaurantId` INTEGER NOT NULL,
    `key` VARCHAR(40) NOT NULL,
    `name` VARCHAR(60) NOT NULL,
    `position` INTEGER NOT NULL DEFAULT 0,
    `hidden` BOOLEAN NOT NULL DEFAULT false,
    `kdvRate` DECIMAL(5, 2) NOT NULL,
    `version` INTEGER NOT NULL DEFAULT 1,
    `createKey` VARCHAR(64) NULL,
    `createdAt` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updatedAt` DATETIME(3) NOT NULL,

    INDEX `menu_categories_restaurantId_position_idx`(`restaurantId`, `position`),
    UNIQUE INDEX `menu_categories_restaurantId_key_key`(`restaurantId`, `key`),
    UNIQUE INDEX `menu_categories_restaurantId_createKey_key`(`restaurantId`, `createKey`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

ALTER TABLE `menu_categories` ADD CONSTRAINT `menu_categories_restaurantId_fkey` FOREIGN KEY (`restaurantId`) REFERENCES `restaurants`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

INSERT INTO `menu_categories` (`restaurantId`, `key`, `name`, `position`, `kdvRate`, `updatedAt`)
SELECT r.`id`, d.`key`, d.`name`, d.`position`, 10.00, CURRENT_TIMESTAMP(3)
FROM `restaurants` r
CROSS JOIN (
    SELECT 'drinks' AS `key`, 'İçecekler' AS `name`, 0 AS `position`
    UNION ALL SELECT 'breakfast', 'Kahvaltı', 1
    UNION ALL SELECT 'appetizer', 'Başlangıçlar', 2
    UNION ALL SELECT 'main_course', 'Ana Yemekler', 3
    UNION ALL SELECT 'dessert', 'Tatlılar', 4
    UNION ALL SELECT 'soup', 'Çorbalar', 5
) d;

-- The enum's values become plain keys (the same text), then must name a category of the item's restaurant.
ALTER TABLE `menu_items` MODIFY `category` VARCHAR(40) NOT NULL;
ALTER TABLE `menu_items` ADD CONSTRAINT `menu_items_restaurantId_category_fkey` FOREIGN KEY (`restaurantId`, `category`) REFERENCES `menu_categories`(`restaurantId`, `key`) ON DELETE RESTRICT ON UPDATE CASCADE;
