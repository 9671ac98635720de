-- CMS (decisions 056, 057). Content rows carry a version (an edit based on an older one is refused
-- with 409) and the key of the form or request that created them (a repeat answers the first row).
ALTER TABLE `cms_contents` ADD COLUMN `version` INTEGER NOT NULL DEFAULT 1,
    ADD COLUMN `createKey` VARCHAR(64) NULL;

CREATE UNIQUE INDEX `cms_contents_createKey_key` ON `cms_contents`(`createKey`);

-- Images: `hash` (16 hex digits of the stored WebP's SHA-256) is part of `fileUrl`, so the file
-- behind an address never changes and may be cached for a year; `createKey` as above.
ALTER TABLE `cms_images` ADD COLUMN `hash` CHAR(16) NOT NULL DEFAULT '',
    ADD COLUMN `createKey` VARCHAR(64) NULL;

ALTER TABLE `cms_images` ALTER COLUMN `hash` DROP DEFAULT;

CREATE UNIQUE INDEX `cms_images_createKey_key` ON `cms_images`(`createKey`);

-- CreateTable: the public site's contact details (footer). One row, id 1, written on first save.
CREATE TABLE `site_settings` (
    `id` INTEGER NOT NULL,
    `contactEmail` VARCHAR(254) NULL,
    `contactPhone` VARCHAR(32) NULL,
    `address` VARCHAR(300) NULL,
    `instagramUrl` VARCHAR(255) NULL,
    `facebookUrl` VARCHAR(255) NULL,
    `version` INTEGER NOT NULL DEFAULT 1,
    `updatedAt` DATETIME(3) NOT NULL,

    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
