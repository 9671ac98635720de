-- Printed documents (issue 22, decision 089): the adisyon or a payment's receipt sent to one print
-- device ("Yazıcıya gönder"), with its text as it prints; the device's agent acknowledges it once
-- (printedAt). A double tap carries one request key (unique per restaurant). Goes with its device.
-- CreateTable
CREATE TABLE `print_requests` (
    `id` INTEGER NOT NULL AUTO_INCREMENT,
    `restaurantId` INTEGER NOT NULL,
    `deviceId` INTEGER NOT NULL,
    `kind` ENUM('adisyon', 'receipt') NOT NULL,
    `lines` TEXT NOT NULL,
    `requestKey` VARCHAR(64) NOT NULL,
    `requestedByName` VARCHAR(120) NOT NULL,
    `createdAt` DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    `printedAt` DATETIME(3) NULL,

    INDEX `print_requests_deviceId_printedAt_createdAt_idx`(`deviceId`, `printedAt`, `createdAt`),
    UNIQUE INDEX `print_requests_restaurantId_requestKey_key`(`restaurantId`, `requestKey`),
    PRIMARY KEY (`id`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- AddForeignKey
ALTER TABLE `print_requests` ADD CONSTRAINT `print_requests_deviceId_fkey` FOREIGN KEY (`deviceId`) REFERENCES `print_devices`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;
