-- Kitchen stations (decision 077). Every restaurant gets "Mutfak" and "Bar"; its drink categories
-- (the keys the spec's and the sample menus use for drinks) go to Bar, every other one to Mutfak.
CREATE TABLE `stations` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `restaurantId` INTEGER NOT NULL,
    `name` VARCHAR(40) NOT NULL,
    `position` INTEGER NOT NULL DEFAULT 0,
    `version` INTEGER NOT NULL DEFAULT 1,
    `createKey` VARCHAR(64) NULL,
    `createdAt` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updatedAt` DATETIME(3) NOT NULL,

    INDEX `stations_restaurantId_position_idx`(`restaurantId`, `position`),
    UNIQUE INDEX `stations_restaurantId_id_key`(`restaurantId`, `id`),
    UNIQUE INDEX `stations_restaurantId_createKey_key`(`restaurantId`, `createKey`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

ALTER TABLE `stations` ADD CONSTRAINT `stations_restaurantId_fkey` FOREIGN KEY (`restaurantId`) REFERENCES `restaurants`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

INSERT INTO `stations` (`restaurantId`, `name`, `position`, `updatedAt`)
SELECT r.`id`, d.`name`, d.`position`, CURRENT_TIMESTAMP(3)
FROM `restaurants` r
CROSS JOIN (SELECT 'Mutfak' AS `name`, 0 AS `position` UNION ALL SELECT 'Bar', 1) d;

ALTER TABLE `menu_categories` ADD COLUMN `stationId` INTEGER NULL;
UPDATE `menu_categories` c
JOIN `stations` s ON s.`restaurantId` = c.`restaurantId`
  AND s.`name` = IF(c.`key` IN ('drinks', 'hot_drinks', 'cold_drinks', 'beers', 'wines', 'raki', 'cocktails'), 'Bar', 'Mutfak')
SET c.`stationId` = s.`id`;
ALTER TABLE `menu_categories` MODIFY `stationId` INTEGER NOT NULL;
CREATE INDEX `menu_categories_restaurantId_stationId_idx` ON `menu_categories`(`restaurantId`, `stationId`);
ALTER TABLE `menu_categories` ADD CONSTRAINT `menu_categories_restaurantId_stationId_fkey` FOREIGN KEY (`restaurantId`, `stationId`) REFERENCES `stations`(`restaurantId`, `id`) ON DELETE RESTRICT ON UPDATE CASCADE;
