-- CreateTable: one photo per menu item, re-encoded to WebP in two sizes and kept in the
-- database (like cms_images) so every app process can serve it. `hash` (the first 16 hex
-- digits of the large image's SHA-256) is part of the photo's public URL: a new photo gets
-- a new address, so the old one may be cached for a year.
CREATE TABLE `menu_item_photos` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `restaurantId` INTEGER NOT NULL,
    `menuItemId` INTEGER NOT NULL,
    `hash` CHAR(16) NOT NULL,
    `sourceType` VARCHAR(16) NOT NULL,
    `width` INTEGER NOT NULL,
    `height` INTEGER NOT NULL,
    `large` MEDIUMBLOB NOT NULL,
    `thumb` MEDIUMBLOB NOT NULL,
    `createdAt` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `updatedAt` DATETIME(3) NOT NULL,

    UNIQUE INDEX `menu_item_photos_menuItemId_key`(`menuItemId`),
    INDEX `menu_item_photos_restaurantId_idx`(`restaurantId`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- AddForeignKey
ALTER TABLE `menu_item_photos` ADD CONSTRAINT `menu_item_photos_restaurantId_fkey` FOREIGN KEY (`restaurantId`) REFERENCES `restaurants`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `menu_item_photos` ADD CONSTRAINT `menu_item_photos_menuItemId_fkey` FOREIGN KEY (`menuItemId`) REFERENCES `menu_items`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;
