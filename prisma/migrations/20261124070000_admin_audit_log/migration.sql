-- Platform admins act on members (decision 047): a suspension by an admin is kept apart from the
-- one for an unpaid invoice (paying lifts only that one), with the note the restaurant is shown.
ALTER TABLE `restaurants` ADD COLUMN `adminSuspendedAt` DATETIME(3) NULL,
    ADD COLUMN `adminStatusNote` VARCHAR(500) NULL;

-- CreateTable: what admins did to members (plan changes, suspensions). Rows outlive the admin and
-- the restaurant; the form's or request's key is unique per restaurant, so a repeat acts once.
CREATE TABLE `admin_audit_logs` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `adminId` INTEGER NULL,
    `action` VARCHAR(64) NOT NULL,
    `restaurantId` INTEGER NULL,
    `details` JSON NULL,
    `requestKey` VARCHAR(64) NULL,
    `createdAt` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),

    UNIQUE INDEX `admin_audit_logs_restaurantId_requestKey_key`(`restaurantId`, `requestKey`),
    INDEX `admin_audit_logs_adminId_idx`(`adminId`),
    INDEX `admin_audit_logs_createdAt_idx`(`createdAt`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- AddForeignKey
ALTER TABLE `admin_audit_logs` ADD CONSTRAINT `admin_audit_logs_adminId_fkey` FOREIGN KEY (`adminId`) REFERENCES `platform_admins`(`id`) ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE `admin_audit_logs` ADD CONSTRAINT `admin_audit_logs_restaurantId_fkey` FOREIGN KEY (`restaurantId`) REFERENCES `restaurants`(`id`) ON DELETE SET NULL ON UPDATE CASCADE;
